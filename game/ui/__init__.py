"""The screen: a pygame-ce window and headless renders of a Board.

pygame is imported only inside this package (and tools). ``camera``, ``colours``, ``figures``
and ``display`` are plain Python and safe to import anywhere; the rest draw with pygame.
"""
