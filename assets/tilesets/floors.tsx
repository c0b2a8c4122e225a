<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="floors" tilewidth="32" tileheight="32" tilecount="36" columns="4">
 <image source="floors.png" width="128" height="288"/>
 <tile id="0">
  <properties>
   <property name="material" value="wood"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="material" value="wood"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="material" value="wood"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="material" value="wood"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="material" value="cobbles"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="material" value="cobbles"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="material" value="cobbles"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="material" value="cobbles"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="material" value="flagstones"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="material" value="flagstones"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="material" value="flagstones"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="material" value="flagstones"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="material" value="grass"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="material" value="grass"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="material" value="grass"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="material" value="grass"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="material" value="dirt"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="material" value="dirt"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="material" value="dirt"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="material" value="dirt"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="material" value="rubble"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="material" value="rubble"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="material" value="rubble"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="material" value="rubble"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="material" value="mouse_wood"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="material" value="mouse_wood"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="material" value="mouse_wood"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="material" value="mouse_wood"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="material" value="mouse_stone"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="material" value="mouse_stone"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="material" value="mouse_stone"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="material" value="mouse_stone"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
   <property name="material" value="parchment"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="material" value="parchment"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="material" value="parchment"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
   <property name="material" value="parchment"/>
  </properties>
 </tile>
</tileset>
