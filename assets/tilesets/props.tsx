<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="props" tilewidth="64" tileheight="64" tilecount="3" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" type="Terrain">
  <properties>
   <property name="kind" value="barrel"/>
   <property name="height" type="float" value="25"/>
   <property name="rollable" type="bool" value="true"/>
  </properties>
  <image source="props/barrel.png" width="32" height="32"/>
  <objectgroup draworder="index" id="2">
   <object id="1" name="barrel" x="3" y="3" width="26" height="26">
    <ellipse/>
   </object>
  </objectgroup>
 </tile>
 <tile id="1" type="Terrain">
  <properties>
   <property name="kind" value="crate"/>
   <property name="height" type="float" value="22"/>
   <property name="surface" type="bool" value="true"/>
   <property name="liftable" type="bool" value="true"/>
  </properties>
  <image source="props/crate.png" width="32" height="32"/>
  <objectgroup draworder="index" id="2">
   <object id="1" name="crate" x="3" y="3" width="26" height="26"/>
  </objectgroup>
 </tile>
 <tile id="2" type="Terrain">
  <properties>
   <property name="kind" value="well"/>
   <property name="height" type="float" value="20"/>
  </properties>
  <image source="props/well.png" width="64" height="64"/>
  <objectgroup draworder="index" id="2">
   <object id="1" name="well" x="4" y="4" width="56" height="56">
    <ellipse/>
   </object>
  </objectgroup>
 </tile>
</tileset>
